/**
 * A zod schema built the first time something reads it. The web build wraps the module-level
 * schemas of the app's own modules in it (scripts/build/lazy-schemas.ts): building a zod schema
 * costs CPU (every check and wrapper is an object), and a page loads modules holding dozens it
 * never parses with, so a member's first page spent most of its blocking time building them. The
 * proxy answers exactly as the schema does: zod reads a nested schema through the same
 * properties, `instanceof` sees its prototype, and it is built once.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const real = () => {
    schema ??= build();
    return schema;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key, real()),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // the stand-in target has no properties of its own, so each is reported as configurable (a
    // proxy may not report a fixed property its target lacks)
    getOwnPropertyDescriptor: (_target, key) => {
      const found = Reflect.getOwnPropertyDescriptor(real(), key);
      return found && { ...found, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
