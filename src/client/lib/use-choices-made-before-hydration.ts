// A select or checkbox in the server's HTML can be changed before the app's code has taken over the
// page. The browser then shows the new choice, nothing has acted on it, and hydration keeps what the
// page shows: a list sorted one way under a box that names another. Once the app runs, this reads
// the form as the page shows it, under the names the address uses, so the form can act on any
// choice that differs from the one it was drawn with. Later choices go through onChange as usual.
import { useEffect, type RefObject } from 'react';

export function useChoicesMadeBeforeHydration(form: RefObject<HTMLFormElement | null>, act: (shown: URLSearchParams) => void): void {
  useEffect(() => {
    if (!form.current) return;
    const shown = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) if (typeof value === 'string') shown.append(name, value);
    act(shown);
    // Once, on the app's first render of the form: what the page showed before then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
