const store = globalThis as typeof globalThis & { __woollahraSingletons?: Map<string, unknown> };

/** One instance per process, even when development reloads the module that asks for it. */
export function singleton<T>(name: string, create: () => T): T {
  store.__woollahraSingletons ??= new Map();
  if (!store.__woollahraSingletons.has(name)) store.__woollahraSingletons.set(name, create());
  return store.__woollahraSingletons.get(name) as T;
}
