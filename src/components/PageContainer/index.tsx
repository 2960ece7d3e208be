import { type PageContainerProps, PageContainer as ProPageContainer } from '@ant-design/pro-components';

/**
 * ProComponents' PageContainer whose title is the page's one h1 (WCAG 1.3.1 and 2.4.6, issue 19):
 * screen-reader users jump to it, and every page under the menu has exactly one. Looks as before.
 */
export default function PageContainer({ title, ...props }: PageContainerProps) {
  const heading = title ? <h1 className="levelup-page-title">{title}</h1> : title;
  return <ProPageContainer title={heading} {...props} />;
}
