// Class and student feedback (table view, teacher confirmation, dashboard card).
export default {} as Record<string, string>;
