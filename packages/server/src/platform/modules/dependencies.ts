import { moduleRegistry, type ModuleDefinition } from '@hortus/contract';

/**
 * The declared dependencies (contract `dependsOn`) of the registered server modules that are not registered
 * themselves, as 'module 210 needs module 200': the server refuses to start with any (a module would fail at
 * its first call instead).
 */
export function missingDependencies(
  modules: readonly { code: string }[],
  registry: readonly ModuleDefinition[] = moduleRegistry,
): string[] {
  const registered = new Set(modules.map((module) => module.code));
  return modules.flatMap((module) =>
    (registry.find((definition) => definition.code === module.code)?.dependsOn ?? [])
      .filter((code) => !registered.has(code))
      .map((code) => `module ${module.code} needs module ${code}`),
  );
}

/** Throws at start when a registered module's declared dependency is not registered. */
export function requireDeclaredDependencies(modules: readonly { code: string }[]): void {
  const missing = missingDependencies(modules);
  if (missing.length > 0) throw new Error(`Server modules incomplete: ${missing.join('; ')}`);
}
