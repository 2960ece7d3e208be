import NotBuiltYet from '@/components/NotBuiltYet';

export default function ReferralPage() {
  return <NotBuiltYet feature="menu.referral" />;
}
