import { useState, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { SxProps, Theme } from '@mui/material/styles';

export interface MenuCardItem {
  label: string;
  onClick(): void;
}

export interface MenuCardProps {
  title: string;
  subheader: string;
  /** The whole card opens the record. */
  onOpen(): void;
  /** Entries of the corner menu; none: no menu button. */
  menuItems: readonly MenuCardItem[];
  children?: ReactNode;
  /** Buttons of the card's own (a chip opening a detail, …): below the action area, never inside it. */
  actions?: ReactNode;
  cardLabel: string;
  component?: 'article' | 'div';
  testId?: string;
  outlined?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A card clickable as a whole (title, subheader, content) with a menu button in its corner that sits
 * above the action area (no button inside a button). Used by the slot cards of 130 and 150.
 */
export function MenuCard(props: MenuCardProps) {
  const {
    title,
    subheader,
    onOpen,
    menuItems,
    children,
    actions,
    cardLabel,
    component = 'div',
    testId,
    outlined,
    sx,
  } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hasMenu = menuItems.length > 0;
  return (
    <Card
      component={component}
      variant={outlined ? 'outlined' : 'elevation'}
      data-testid={testId}
      aria-label={cardLabel}
      sx={[{ position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {/* Named by its visible text (title, subheader, content): WCAG 2.5.3 'label in name'. */}
      <CardActionArea
        onClick={onOpen}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <CardHeader title={title} subheader={subheader} sx={{ pr: hasMenu ? 7 : undefined }} />
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
      </CardActionArea>
      {/* Outside the action area: a button inside a button is unreachable for assistive technology (WCAG 4.1.2). */}
      {actions && <CardActions sx={{ px: 2, pt: 0 }}>{actions}</CardActions>}
      {hasMenu && (
        <IconButton
          aria-label={`Menü ${title}`}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <MoreVertIcon />
        </IconButton>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {menuItems.map((item) => (
          <MenuItem
            key={item.label}
            onClick={() => {
              setAnchor(null);
              item.onClick();
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}
