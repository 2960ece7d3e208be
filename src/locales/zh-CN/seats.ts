// Class capacity, waitlists and freed-seat offers (issue 22).
export default {};
