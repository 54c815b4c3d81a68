import type { ComponentType } from 'react';
import type { DashboardWidget } from '@hortus/contract';
import { NewsFeedWidget } from './news-feed-widget';

export interface WidgetProps {
  widget: DashboardWidget;
}

/**
 * Web side of the widget frame: widget id -> component. The dashboard page renders the widgets the
 * server sends (visible to the user, in the configured order) through this map; widget 2 plugs in with
 * one entry here (docs/architecture.md).
 */
export const widgetComponents: Readonly<Record<string, ComponentType<WidgetProps>>> = {
  w1: NewsFeedWidget,
};
