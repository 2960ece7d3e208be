// Feedback limits and refusal texts without zod, for the feedback editor (a teacher's first visit).

/** The most characters of each feedback text (class sections and each student's). */
export const FEEDBACK_TEXT_MAX = 5000;
export const FEEDBACK_LOCKED_MESSAGE = 'This feedback was submitted and can no longer be changed';
export const FEEDBACK_NOT_COMPLETED_MESSAGE = 'Feedback can be submitted only for a completed class: confirm it first';
export const FEEDBACK_RETRY_MESSAGE = 'Only a class whose feedback emails failed can be retried';
export const FEEDBACK_TEACHING_REQUIRED_MESSAGE = 'Write the teaching content before submitting';
