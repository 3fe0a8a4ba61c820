// The notice the studio shows while its server cannot reach the database (issue 30): nothing can
// be loaded or saved, and it goes away by itself once the database answers again.
import { useEffect, useState } from 'react';
import { checkDatabase, databaseDown, onDatabaseChange } from './availability';

const POLL_MS = 3000;

export function DatabaseNotice() {
  const [down, setDown] = useState(databaseDown);
  useEffect(() => onDatabaseChange(setDown), []);
  useEffect(() => {
    if (!down) return;
    const timer = setInterval(() => void checkDatabase(), POLL_MS);
    return () => clearInterval(timer);
  }, [down]);
  if (!down) return null;
  return (
    <p className="studio-db-down" role="alert">
      The database is unavailable: nothing can be loaded or saved right now, and nothing you did since was
      changed. The studio checks every few seconds and carries on by itself when it is back.
    </p>
  );
}
