import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import type { RightNode } from '@hortus/contract';
import { MenuIcon } from '../icons/menu-icon';
import { isAdminRight, nodeState, visibleRoots } from './rights-logic';

export interface RightsTreeProps {
  /** The tree from the server (getRechte); the children of its root are shown. */
  tree: RightNode;
  /** Rights granted directly (a group's rights, a user's rechteSolo). */
  checked: ReadonlySet<string>;
  /** Rights that come from elsewhere (a user's groups): shown checked and disabled with a hint. */
  inherited?: ReadonlySet<string>;
  /** Every item read-only. Nodes flagged locked by the server are always read-only. */
  locked?: boolean;
  /**
   * A tick grants or takes away that right only; `withDescendants` is set when the user chose
   * "mit allen Unterrechten" in the node's menu.
   */
  onToggle(right: string, checked: boolean, withDescendants?: boolean): void;
  /** Hint beside inherited rights. */
  inheritedHint?: string;
  'aria-label'?: string;
}

const noRights: ReadonlySet<string> = new Set();

/**
 * A checkbox tree of rights with their icons. A box is ticked exactly when its right is held (so
 * what is ticked is what is saved); a node whose own right is missing but some right below it is held
 * shows the partial state; admin-grade rights carry a 'Verwaltungsrecht' mark.
 */
export function RightsTree({
  tree,
  checked,
  inherited = noRights,
  locked = false,
  onToggle,
  inheritedHint = 'über Gruppe',
  'aria-label': ariaLabel = 'Rechte',
}: RightsTreeProps) {
  const held = (right: string) => checked.has(right) || inherited.has(right);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; node: RightNode } | null>(null);

  const renderNode = (node: RightNode, depth: number) => {
    const isInherited = inherited.has(node.right);
    const state = nodeState(node, held);
    const disabled = locked || Boolean(node.locked) || isInherited;
    const hasUnlockedChildren = (node.children ?? []).some((child) => !child.locked);
    return (
      <Box key={node.right} role="treeitem" aria-selected={state === 'checked'} aria-level={depth + 1}>
        <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 3, gap: 0.5, flexWrap: 'wrap' }}>
          <FormControlLabel
            sx={{ mr: 0.5 }}
            control={
              <Checkbox
                size="small"
                checked={state === 'checked'}
                indeterminate={state === 'partial'}
                disabled={disabled}
                onChange={(event) => onToggle(node.right, event.target.checked)}
                slotProps={{ input: { 'aria-checked': state === 'partial' ? 'mixed' : state === 'checked' } }}
              />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box component="span" sx={{ display: 'inline-flex', color: 'text.secondary' }}>
                  <MenuIcon name={node.icon} fontSize="small" />
                </Box>
                {node.label}
              </Box>
            }
          />
          {isAdminRight(node.right) && (
            <Tooltip title="Verwaltungsrecht">
              <AdminPanelSettingsIcon
                titleAccess="Verwaltungsrecht"
                fontSize="small"
                color="warning"
                data-admin-right={node.right}
              />
            </Tooltip>
          )}
          {state === 'partial' && (
            <Typography variant="caption" color="text.secondary">
              (nur Unterrechte)
            </Typography>
          )}
          {isInherited && (
            <Typography variant="caption" color="text.secondary">
              ({inheritedHint})
            </Typography>
          )}
          {hasUnlockedChildren && !locked && !node.locked && (
            <Tooltip title="Mit allen Unterrechten …">
              <IconButton
                size="small"
                aria-label={`${node.label}: mit allen Unterrechten`}
                aria-haspopup="menu"
                onClick={(event) => setMenu({ anchor: event.currentTarget, node })}
              >
                <AccountTreeIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        {node.children && node.children.length > 0 && (
          <Box role="group">{node.children.map((child) => renderNode(child, depth + 1))}</Box>
        )}
      </Box>
    );
  };

  const choose = (on: boolean) => {
    if (menu) onToggle(menu.node.right, on, true);
    setMenu(null);
  };

  return (
    <Box role="tree" aria-label={ariaLabel}>
      {visibleRoots(tree).map((node) => renderNode(node, 0))}
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => choose(true)}>Mit allen Unterrechten vergeben</MenuItem>
        <MenuItem onClick={() => choose(false)}>Mit allen Unterrechten entziehen</MenuItem>
      </Menu>
    </Box>
  );
}
