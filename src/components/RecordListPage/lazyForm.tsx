import { type ComponentType, lazy, Suspense, useRef } from 'react';

/**
 * A list page's form or dialog, loaded the first time it opens. The forms bring zod, the schemas and
 * the form fields (~100 kB gzip) that the list itself never needs, so they stay out of its first load
 * (issue 6, section 2). Once loaded it stays mounted, so that it closes with its usual animation.
 */
export function lazyForm<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  // As the component it loads: TypeScript cannot follow a generic P through lazy's ref typing.
  const Form = lazy(load) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per form at module level, like lazy().
  return function LazyForm(props: P) {
    const opened = useRef(false);
    opened.current ||= props.open;
    if (!opened.current) return null;
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  };
}
