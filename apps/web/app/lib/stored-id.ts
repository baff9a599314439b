/**
 * One id kept in localStorage (a guest's basket or wishlist). Storage can be disabled, full or
 * tampered with: every read is checked and every failure ignored, so the thing lasts as long as
 * the page instead.
 */
/** What a basket or wishlist id looks like: anything else read back from storage is ignored. */
export const STORED_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function storedIdSlot(key: string) {
  return {
    read(): string | null {
      try {
        const id = window.localStorage.getItem(key);
        return id && STORED_ID_PATTERN.test(id) ? id : null;
      } catch {
        return null;
      }
    },
    store(id: string): void {
      try {
        window.localStorage.setItem(key, id);
      } catch {
        // Without storage the id lasts as long as the page.
      }
    },
    forget(): void {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing stored, nothing to forget.
      }
    },
  };
}
