import type { ComponentType } from 'react';
import { retryingLazy } from '../platform/lazy/lazy-export';
import { NotFoundPage } from '../platform/not-found/not-found-page';
import type { ModuleLoader } from '../platform/module-page/web-module';

type ModuleTabs = ComponentType<{ tabCode: string }>;

const loaded = new Map<string, ModuleTabs>();

/** One lazy component per module: it loads the module's chunk once (again after a failure) and renders the page of a tab. */
export function lazyModule(code: string, loader: ModuleLoader): ModuleTabs {
  const existing = loaded.get(code);
  if (existing) return existing;
  const component = retryingLazy(async () => {
    const { default: pages } = await loader();
    function ModuleTabPage({ tabCode }: { tabCode: string }) {
      const Page = pages[tabCode];
      return Page ? <Page /> : <NotFoundPage />;
    }
    return { default: ModuleTabPage };
  });
  loaded.set(code, component);
  return component;
}
