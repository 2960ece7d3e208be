import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd form rule that checks a value with a contract's zod schema, so the browser applies the
 * same rules, with the same messages, as the server (e.g. "Login must be at least 4 characters").
 * Empty values pass: a `required` rule speaks for those.
 */
export function zodRule(schema: z.ZodType): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/** Rule for a "confirm password" field: it must equal the `field` field. */
export function matchesPassword(mismatch: string, field = 'password') {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
    validator: async (_rule, value: unknown) => {
      if (!value || getFieldValue(field) === value) return;
      throw new Error(mismatch);
    },
  });
}
