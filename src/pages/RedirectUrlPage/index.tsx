import NotBuiltYet from '@/components/NotBuiltYet';

export default function RedirectUrlPage() {
  return <NotBuiltYet feature="menu.redirect-url-page" />;
}
