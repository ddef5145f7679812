import type { MetaFunction } from '@remix-run/node';
import { LandingPage } from '~/components/landing/landing-page';

export const meta: MetaFunction = () => [{ title: 'FACT — Expert football coaching, one to one' }];

export default function Index() {
  return <LandingPage />;
}
