/** Payroll close tab of /report (placeholder until the screen lands; issue 8). */
export default function PayrollClose() {
  return <div data-testid="payroll-close">Payroll close</div>;
}
