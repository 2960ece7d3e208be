import { useIntl } from '@umijs/max';
import type { RuleObject } from 'antd/es/form';
import { useMemo } from 'react';
import type { z } from 'zod';
import { localizeRuleMessage } from '@/utils/formErrors';

/**
 * The rules of record forms with messages in the reader's language: `required(label)` names the
 * field, `zod(schema)` applies a contract's rule (the server applies the same one), `max(n)` a length.
 */
export function useFormRules() {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
    return {
      t,
      required: (label: string): RuleObject => ({ required: true, message: t('forms.rule.required', { label }) }),
      /** For selects: "Choose a course". */
      choose: (label: string): RuleObject => ({ required: true, message: t('forms.rule.choose', { label }) }),
      max: (max: number): RuleObject => ({ max, message: t('forms.rule.max', { max }) }),
      zod: (schema: z.ZodType): RuleObject => ({
        validator: async (_rule, value: unknown) => {
          if (value === undefined || value === null || value === '') return;
          const result = schema.safeParse(value);
          if (!result.success) throw new Error(localizeRuleMessage(result.error.issues[0]?.message ?? '', t));
        },
      }),
    };
  }, [intl]);
}
