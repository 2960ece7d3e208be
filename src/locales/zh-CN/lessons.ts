// Lesson policies (issue 22): the policy, cancellations, no-shows, make-up credits.
export default {};
