import type { ComponentType } from 'react';

/** A module's pages, keyed by tab code ('' for the module's first route). */
export type ModulePages = Readonly<Record<string, ComponentType>>;

/** Loads a module's chunk; the module folder's index.ts default-exports its pages. */
export type ModuleLoader = () => Promise<{ default: ModulePages }>;
