import type { Right } from './rights';

/** A node of the rights tree that user administration shows (German label, MUI icon name). */
export interface RightNode {
  right: Right;
  label: string;
  icon: string;
  /** Locked nodes are shown but cannot be granted or taken away in the tree. */
  locked?: boolean;
  children?: RightNode[];
}

/** A tab of a module page: route `/<module>` for code '' or `/<module>-<code>`. */
export interface ModuleTab {
  code: string;
  label: string;
  /** Shown when the user holds this right (containment). */
  right: Right;
  /**
   * A route of the module that the tab bar does not show (an edit page reached by links, e.g.
   * /310-030); it is never the first tab a module opens with.
   */
  hidden?: boolean;
}

/**
 * A dashboard widget a module contributes (the dashboard shows it; the module serves its data and
 * draws it). Ids are 'w' plus a number, unique over all modules.
 */
export interface WidgetDefinition {
  /** e.g. 'w1'. */
  id: string;
  /** German name, shown as the widget's title and in the dashboard settings. */
  name: string;
  /** Position in the default order (useWidgets of a fresh installation): lower first. */
  order: number;
}

/**
 * Everything the platform needs to know about a module: the server builds menu links and the rights
 * tree from it, the web app builds routes and tab bars from it.
 */
export interface ModuleDefinition {
  /** Three-digit module code, e.g. '999'. */
  code: string;
  title: string;
  icon: string;
  /** The menu link appears when the user holds this right (containment). */
  menuRight: Right;
  /** Shown in the top bar by default (quicknav 1). */
  quicknav: boolean;
  sort: number;
  /**
   * Codes of the modules this module uses (their contract entry, their server or web `public.ts`, a capability
   * they provide). Lint allows imports of exactly these modules' public surfaces; the registry test checks that
   * they exist and form no cycle; the server refuses to start when one is not registered.
   */
  dependsOn: readonly string[];
  tabs: ModuleTab[];
  /** The module's part of the rights tree. */
  rights: RightNode;
  /** Core modules cannot be switched off in the app settings (useF). */
  alwaysEnabled?: boolean;
  /**
   * false: the user's own account or the app's information, not where a day's work starts. A user who has no
   * last view yet starts at the first menu link of another module when there is one (issue 47: customers
   * started at 'Meine Daten', the profile's sort 10 coming before their 410).
   */
  startPage?: false;
  /**
   * The offline banner's whole text where the module's specification words it as one sentence
   * (school.md 2.1, business.md 2.3); without it the banner shows 'KEINE NETZWERKVERBINDUNG' and the hint.
   */
  offlineBanner?: string;
  /** Dashboard widgets of the module (served by its ServerModule, drawn by its web entry). */
  widgets?: readonly WidgetDefinition[];
}

/** Every widget of the given modules in default order (by `order`, then id). */
export function widgetsOf(modules: readonly ModuleDefinition[]): WidgetDefinition[] {
  return modules
    .flatMap((module) => module.widgets ?? [])
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

export function tabPath(moduleCode: string, tabCode: string): string {
  return tabCode === '' ? `/${moduleCode}` : `/${moduleCode}-${tabCode}`;
}

/**
 * Splits a path like `/010-010` into module and tab code; null for paths that are no module route.
 * '/200neu' (and its tabs, '/200neu-100') is the child administration too (business.md 2.1).
 */
export function parseModulePath(pathname: string): { moduleCode: string; tabCode: string } | null {
  const match = /^\/(\d{3})(?:-([A-Za-z0-9]+))?\/?$/.exec(pathname);
  if (match) return { moduleCode: match[1] as string, tabCode: match[2] ?? '' };
  const alias = /^\/200neu(?:-([A-Za-z0-9]+))?\/?$/.exec(pathname);
  return alias ? { moduleCode: '200', tabCode: alias[1] ?? '' } : null;
}

/** Every right string in a tree, depth first. */
export function flattenRights(node: RightNode): Right[] {
  return [node.right, ...(node.children ?? []).flatMap(flattenRights)];
}

/** Every right that can be granted: the tree's nodes below its (locked) root. */
export function grantableRights(tree: RightNode): Right[] {
  return [...new Set((tree.children ?? []).flatMap(flattenRights))];
}
