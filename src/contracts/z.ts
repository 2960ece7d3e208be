import { z } from 'zod';

// Plain-language messages for the generic cases, on the server and in the browser alike.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
    if (issue.code === 'invalid_type') return `Must be a ${issue.expected}`;
    return undefined;
  },
});

export { z };
