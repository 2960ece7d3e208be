import NotBuiltYet from '@/components/NotBuiltYet';

export default function AccountSettingsPage() {
  return <NotBuiltYet feature="menu.account-settings" />;
}
