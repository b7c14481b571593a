import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver whose code loads on demand, and the way to start loading it early. */
export type LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues> = Resolver<
  TFieldValues,
  TContext,
  TTransformedValues
> & { preload: () => void };

/**
 * A form's resolver (its zod rules) loaded the first time it is needed, so zod is not part of the
 * page's first JavaScript (decision 038). The form calls `preload` when it gets focus: the rules
 * then arrive while the user types, before the first check. A failed load is tried again on the
 * next check.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (
    values,
    context,
    options,
  ) => (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => undefined);
    },
  });
}
