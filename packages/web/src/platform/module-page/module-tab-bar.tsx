import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { styled } from '@mui/material/styles';
import { tabPath, type ModuleTab } from '@hortus/contract';

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
          >
            {tab.label}
          </TabLink>
        ))}
      </BottomList>
    );
  }

  return (
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
          >
            {tab.label}
          </TabLink>
        );
      })}
    </TabList>
  );
}

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
