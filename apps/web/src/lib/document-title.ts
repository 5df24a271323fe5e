import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/product';

/**
 * Names the browser tab after the screen, most specific first: "Meena Traders · Client Details ·
 * Practice Portal". Parts not known yet (still loading) are left out.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = [...parts.filter((part): part is string => !!part), PRODUCT_NAME].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
