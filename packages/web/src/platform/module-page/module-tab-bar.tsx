import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { tabPath, type ModuleTab } from '@hortus/contract';
import { chosenInTabBar } from './withheld-tabs';

export interface ModuleTabBarProps {
  moduleCode: string;
  moduleTitle: string;
  tabs: readonly ModuleTab[];
  current: ModuleTab;
  /**
   * 'top' (default): the tab list (WAI-ARIA tabs). 'bottom': the same tabs at the page's end
   * (school.md 2.1, business.md 2.1) as a navigation of links, so the page has one tab list.
   */
  placement?: 'top' | 'bottom';
}

/**
 * The module's tabs as links in a row that scrolls sideways when it is wider than the screen. Plain
 * styled elements instead of MUI's scrollable Tabs: those measure every tab and the scroll area in
 * layout effects and render again with the measurements, which on a phone's first screen cost a forced
 * layout and a second render inside the longest task. The selection is drawn by CSS (an underline).
 * Roles and keys follow the WAI-ARIA tabs pattern, as MUI's did: arrow keys, Home and End move the
 * focus, only the selected tab is in the tab order.
 */
export function ModuleTabBar({ moduleCode, moduleTitle, tabs, current, placement = 'top' }: ModuleTabBarProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const selectedCode = current.hidden === true ? null : current.code;
  const focusCode = selectedCode ?? tabs[0]?.code;

  // After the page is painted, bring a selected tab that starts off-screen into view. Measuring is done
  // a task after the next frame, when layout is clean: in the effect itself the reads forced a layout of
  // the whole new page (≈ 45 ms on a throttled phone) whenever React flushed the effects with the commit.
  // A first tab on a freshly mounted bar is in view already.
  const mounted = useRef(false);
  const firstCode = tabs[0]?.code;
  useEffect(() => {
    const firstMount = !mounted.current;
    mounted.current = true;
    if (firstMount && selectedCode === firstCode) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const list = listRef.current;
        const selected = list?.querySelector<HTMLElement>('[aria-selected="true"]');
        if (!list || !selected) return;
        const left = selected.offsetLeft - list.offsetLeft;
        if (left < list.scrollLeft || left + selected.offsetWidth > list.scrollLeft + list.clientWidth) {
          list.scrollLeft = Math.max(0, left - 48);
        }
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [selectedCode, firstCode]);

  // Scroll arrows over the row's ends while tabs lie beyond them (issue 47: on a phone 310's 'Einstellungen'
  // was cut off without a hint). They lie over the row, so showing them moves nothing; measured like the
  // selected tab above, a task after the frame, then on every scroll and resize.
  const [overflow, setOverflow] = useState({ left: false, right: false });
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const left = list.scrollLeft > 1;
      const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setOverflow((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(measure);
    });
    list.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      list.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [tabs.length]);
  const scrollBy = (direction: -1 | 1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index < 0 || items.length === 0) return;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    items[target]?.focus();
  };

  if (placement === 'bottom') {
    return (
      <BottomList aria-label={`${moduleTitle}: Reiter`} data-testid="module-tabs-bottom">
        {tabs.map((tab) => (
          <TabLink
            key={tab.code}
            aria-current={tab.code === selectedCode ? 'page' : undefined}
            data-selected={tab.code === selectedCode}
            to={tabPath(moduleCode, tab.code)}
            state={chosenInTabBar}
          >
            {tab.label}
          </TabLink>
        ))}
      </BottomList>
    );
  }

  return (
    <TabRow>
      <TabList ref={listRef} role="tablist" aria-label={moduleTitle} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.code === selectedCode;
          return (
            <TabLink
              key={tab.code}
              role="tab"
              aria-selected={selected}
              tabIndex={tab.code === focusCode ? 0 : -1}
              to={tabPath(moduleCode, tab.code)}
              state={chosenInTabBar}
            >
              {tab.label}
            </TabLink>
          );
        })}
      </TabList>
      {/* Outside the tab list (a tablist holds only tabs); the keyboard moves through the tabs with the arrows. */}
      {overflow.left && (
        <ScrollArrow
          side="left"
          size="small"
          tabIndex={-1}
          aria-label="Reiterleiste nach links"
          onClick={() => scrollBy(-1)}
        >
          <ChevronLeftIcon />
        </ScrollArrow>
      )}
      {overflow.right && (
        <ScrollArrow
          side="right"
          size="small"
          tabIndex={-1}
          aria-label="Reiterleiste nach rechts"
          onClick={() => scrollBy(1)}
        >
          <ChevronRightIcon />
        </ScrollArrow>
      )}
    </TabRow>
  );
}

const TabRow = styled('div')({ position: 'relative' });

const ScrollArrow = styled(IconButton, { shouldForwardProp: (prop) => prop !== 'side' })<{ side: 'left' | 'right' }>(
  ({ theme, side }) => ({
    position: 'absolute',
    top: 0,
    bottom: 1,
    [side]: 0,
    width: 40,
    borderRadius: 0,
    backgroundColor: theme.palette.background.default,
    boxShadow: `${side === 'left' ? 8 : -8}px 0 8px -4px ${theme.palette.background.default}`,
    '&:hover': { backgroundColor: theme.palette.action.hover },
  }),
);

const TabList = styled('div')(({ theme }) => ({
  display: 'flex',
  overflowX: 'auto',
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${theme.palette.divider}`,
  '&::-webkit-scrollbar': { display: 'none' },
}));

const BottomList = styled('nav')(({ theme }) => ({
  display: 'flex',
  overflowX: 'auto',
  scrollbarWidth: 'none',
  marginTop: theme.spacing(2),
  borderTop: `1px solid ${theme.palette.divider}`,
  '&::-webkit-scrollbar': { display: 'none' },
}));

const TabLink = styled(RouterLink)(({ theme }) => ({
  ...theme.typography.button,
  flexShrink: 0,
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 90,
  maxWidth: 360,
  minHeight: 48,
  padding: '12px 16px',
  textAlign: 'center',
  textDecoration: 'none',
  color: theme.palette.text.secondary,
  borderBottom: '2px solid transparent',
  outline: 'none',
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': { backgroundColor: theme.palette.action.focus },
  '&[aria-selected="true"]': { color: theme.palette.primary.main, borderBottomColor: theme.palette.primary.main },
  '&[data-selected="true"]': {
    color: theme.palette.primary.main,
    borderTop: `2px solid ${theme.palette.primary.main}`,
  },
}));
