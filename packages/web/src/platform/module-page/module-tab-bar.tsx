import { Link as RouterLink } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { tabPath, type ModuleTab } from '@hortus/contract';

export interface ModuleTabBarProps {
  moduleCode: string;
  moduleTitle: string;
  tabs: readonly ModuleTab[];
  current: ModuleTab;
}

const tabValue = (tab: ModuleTab) => `tab-${tab.code}`;

export function ModuleTabBar({ moduleCode, moduleTitle, tabs, current }: ModuleTabBarProps) {
  return (
    <Tabs
      value={current.hidden === true ? false : tabValue(current)}
      aria-label={moduleTitle}
      variant="scrollable"
      scrollButtons="auto"
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.code}
          value={tabValue(tab)}
          label={tab.label}
          component={RouterLink}
          to={tabPath(moduleCode, tab.code)}
        />
      ))}
    </Tabs>
  );
}
