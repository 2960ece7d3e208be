// Chinese texts of substitutes, reminder replies and lesson-policy reports (issue 22). Keyed by the English text.
export const zhCNCover = {} as const;
