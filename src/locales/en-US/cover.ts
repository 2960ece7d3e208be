// Substitutes, reminder replies and lesson-policy reports (issue 22).
export default {};
