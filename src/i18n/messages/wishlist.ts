import { defineMessages } from './define.ts';

/** Also read by the cart sync chunk on its own, so it does not carry the whole wishlist dictionary. */
export const cartSyncFailed = {
  en: 'We could not save your cart. Please try again.',
  ar: 'تعذّر حفظ عربتك. يرجى المحاولة مرة أخرى.',
} as const;

/** Server cart and wishlist texts (spec sections 4, 5 and 8): API messages, the heart and the wishlist page. */
export const wishlistMessages = defineMessages(
  {
    add: 'Add {name} to wishlist',
    remove: 'Remove {name} from wishlist',
    loginFirst: 'You Should Login First',
    added: 'Added to your wishlist',
    removed: 'Removed from your wishlist',
    confirmRemoveTitle: 'Remove {name} from your wish list?',
    confirmRemove: 'Yes, remove it',
    keepWish: 'Keep it',
    failed: 'We could not update your wishlist. Please try again.',
    title: 'My wish list',
    empty: 'Your wish list is empty',
    emptyHint: 'Tap the heart on any product to keep it here.',
    browse: 'Browse products',
    loading: 'Loading your wish list…',
    errors: {
      unknownProduct: 'Product {id} does not exist',
      aboveStock: 'Only {stock} of {name} in stock',
      soldOut: '{name} is out of stock',
      duplicate: 'Product {id} is listed more than once',
    },
    cartSyncFailed: cartSyncFailed.en,
  },
  {
    add: 'إضافة {name} إلى المفضلة',
    remove: 'إزالة {name} من المفضلة',
    loginFirst: 'يجب عليك تسجيل الدخول أولًا',
    added: 'أُضيف إلى المفضلة',
    removed: 'أُزيل من المفضلة',
    confirmRemoveTitle: 'هل تريد إزالة {name} من المفضلة؟',
    confirmRemove: 'نعم، أزِله',
    keepWish: 'أبقِ عليه',
    failed: 'تعذّر تحديث المفضلة. يرجى المحاولة مرة أخرى.',
    title: 'المفضلة',
    empty: 'المفضلة فارغة',
    emptyHint: 'اضغط على القلب في أي منتج لتحتفظ به هنا.',
    browse: 'تصفّح المنتجات',
    loading: 'جارٍ تحميل المفضلة…',
    errors: {
      unknownProduct: 'المنتج {id} غير موجود',
      aboveStock: 'المتوفر من {name} هو {stock} فقط',
      soldOut: 'نفدت كمية {name}',
      duplicate: 'المنتج {id} مذكور أكثر من مرة',
    },
    cartSyncFailed: cartSyncFailed.ar,
  },
);
