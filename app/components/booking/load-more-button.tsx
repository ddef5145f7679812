import { secondaryButton } from './button-classes';

/** 'Load more' under a booking list (MyBookings, CoachDashboard); it waits, disabled, while a page loads. */
export function LoadMoreButton({ loading, onLoad, label = 'Load more' }: { loading: boolean; onLoad: () => void; label?: string }) {
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className={secondaryButton} disabled={loading} onClick={onLoad}>
        {loading ? 'Loading…' : label}
      </button>
    </div>
  );
}
