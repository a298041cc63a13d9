import { useEffect } from 'react';
import { AppToaster } from './ui/AppToaster.tsx';
import { showFlash } from '../../lib/client/flash.ts';

/** Shows the message a previous page left (e.g. "Employee updated successfully!") on a server-rendered page. */
export default function FlashToaster() {
  useEffect(() => showFlash(), []);
  return <AppToaster />;
}
