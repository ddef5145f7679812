import { Link } from '@remix-run/react';
import { useRef, useState } from 'react';
import { loginPathFor } from '~/auth/signed-out';
import { primaryButton } from '~/components/booking/button-classes';
import { PaymentDialog } from '~/components/lazy-dialogs';
import { showToast } from '~/components/toaster';
import type { PackageCard } from '~/packages/package-view';
import { ADMIN_FEE_PENCE } from '../../../domain/shared/money';

/**
 * 'Buy' on a package: the Secure Payment dialog takes its whole price now (PRODUCT.md); signed
 * out, the visitor logs in (or registers) first and comes back to the coach's profile.
 */
export function BuyPackageButton({ pkg, coachId, coachName, signedIn }: { pkg: PackageCard; coachId: string; coachName: string; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const paid = useRef(false);
  const label = `Buy ${pkg.name} for ${pkg.price}`;
  if (!signedIn) {
    return (
      <Link to={loginPathFor(`/CoachProfile?userId=${coachId}`)} className={`${primaryButton} mt-3 w-full`} aria-label={label}>
        Buy
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={`${primaryButton} mt-3 w-full`} onClick={() => setOpen(true)} aria-label={label}>
        Buy
      </button>
      {open ? (
        <PaymentDialog
          bookingId={pkg.id}
          pkg={{ offerId: pkg.id, name: pkg.name, summary: pkg.summary, validity: pkg.validity }}
          summary={{
            serviceLabel: pkg.name,
            durationMinutes: pkg.durationMinutes,
            coachName,
            servicePricePence: pkg.pricePence,
            adminFeePence: ADMIN_FEE_PENCE,
            totalPricePence: pkg.pricePence + ADMIN_FEE_PENCE,
          }}
          onPaid={() => (paid.current = true)}
          onClose={() => {
            setOpen(false);
            if (paid.current) showToast({ type: 'success', title: `${pkg.name} bought`, description: `Your sessions with ${coachName} are on MyBookings, ready to book.` }, `package-${pkg.id}`);
          }}
        />
      ) : null}
    </>
  );
}
