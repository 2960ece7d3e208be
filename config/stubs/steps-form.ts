// Stands in for ProForm's StepsForm (aliased in .umirc.ts). ProTable's search form is a schema form,
// which imports every layout it could take, StepsForm too, and StepsForm brings antd's Steps and
// Progress (~9 kB gzip) into every list page's first load. No screen uses a multi-step form
// (src/contracts/pro-field-value-types.test.ts keeps it so): to use one, remove the alias.
import { createContext } from 'react';

function UnusedStepsForm(): never {
  throw new Error('ProForm StepsForm is stubbed in .umirc.ts (first-load size): remove its alias to use it');
}

export const StepsForm = Object.assign(UnusedStepsForm, { StepForm: UnusedStepsForm, useForm: UnusedStepsForm });
export const StepsFormProvide = createContext(undefined);
export const StepFormProvide = createContext(null);
