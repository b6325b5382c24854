import type { RouteMemory, Routes } from '../../lib/api/client';

/** Route memory in a variable, with the saved values visible to the test. */
export function memoryRoutes(initial: Routes = { methods: {} }): RouteMemory & { current: Routes } {
  const memory = {
    current: initial,
    load: async () => memory.current,
    save: async (r: Routes) => {
      memory.current = r;
    },
  };
  return memory;
}
