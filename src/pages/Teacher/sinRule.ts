import { SIN_MASK_PATTERN, SIN_MESSAGE, SIN_PATTERN } from '../../contracts/teachers';

/**
 * The SIN field's check: exactly 9 digits, or the masked value a non-admin was shown ("******123",
 * which leaves the stored SIN as it is), or empty.
 */
export function sinProblem(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return SIN_PATTERN.test(text) || SIN_MASK_PATTERN.test(text) ? undefined : SIN_MESSAGE;
}

export const sinRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const problem = sinProblem(value);
    if (problem) throw new Error(problem);
  },
};
