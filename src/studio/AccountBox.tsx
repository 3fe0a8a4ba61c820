// Who is signed in, and sign-out.
import type { StudioApi } from './api';

export function AccountBox({ api, onSignedOut }: { api: StudioApi; onSignedOut(): void }) {
  return (
    <>
      <span className="studio-account">
        {api.session.account.displayName} ({api.session.account.roles.join(', ')})
      </span>
      <button type="button" onClick={() => void api.signOut().finally(onSignedOut)}>
        Sign out
      </button>
    </>
  );
}
