// The app shell's not-found page: friendly, with a way back (the error page's layout).
import { ErrorPage } from './ErrorPage';

export function NotFoundPage({
  message = 'The page you are looking for does not exist or has moved.',
}: {
  message?: string;
}) {
  return <ErrorPage page="not-found" icon="?" title="Page not found" message={message} />;
}
