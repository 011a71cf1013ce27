import { Toaster } from 'sonner';

/** The page's single toast area: top-end (top-left in Arabic), 5 seconds (spec section 8). */
export default function ToastHost({ dir }: { dir: 'ltr' | 'rtl' }) {
  return <Toaster position={dir === 'rtl' ? 'top-left' : 'top-right'} dir={dir} duration={5000} richColors closeButton />;
}
