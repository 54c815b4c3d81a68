import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { RightNode } from '@hortus/contract';
import { MenuIcon } from '../icons/menu-icon';
import { hasCheckedDescendant, visibleRoots } from './rights-logic';

export interface RightsTreeProps {
  /** The tree from the server (getRechte); the children of its root are shown. */
  tree: RightNode;
  /** Rights granted directly (a group's rights, a user's rechteSolo). */
  checked: ReadonlySet<string>;
  /** Rights that come from elsewhere (a user's groups): shown checked and disabled with a hint. */
  inherited?: ReadonlySet<string>;
  /** Every item read-only. Nodes flagged locked by the server are always read-only. */
  locked?: boolean;
  onToggle(right: string, checked: boolean): void;
  /** Hint beside inherited rights. */
  inheritedHint?: string;
  'aria-label'?: string;
}

const noRights: ReadonlySet<string> = new Set();

/** A checkbox tree of rights with their icons. */
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

  const renderNode = (node: RightNode, depth: number) => {
    const isInherited = inherited.has(node.right);
    const isChecked = checked.has(node.right) || isInherited;
    const disabled = locked || Boolean(node.locked) || isInherited;
    return (
      <Box key={node.right} role="treeitem" aria-selected={isChecked} aria-level={depth + 1}>
        <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 3, gap: 0.5 }}>
          <FormControlLabel
            sx={{ mr: 1 }}
            control={
              <Checkbox
                size="small"
                checked={isChecked}
                indeterminate={!isChecked && hasCheckedDescendant(node, held)}
                disabled={disabled}
                onChange={(event) => onToggle(node.right, event.target.checked)}
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
          {isInherited && (
            <Typography variant="caption" color="text.secondary">
              ({inheritedHint})
            </Typography>
          )}
        </Box>
        {node.children && node.children.length > 0 && (
          <Box role="group">{node.children.map((child) => renderNode(child, depth + 1))}</Box>
        )}
      </Box>
    );
  };

  return (
    <Box role="tree" aria-label={ariaLabel}>
      {visibleRoots(tree).map((node) => renderNode(node, 0))}
    </Box>
  );
}
