import { defineMessages } from './define.ts';

/** The seller's catalog in the portal (issue 40, docs/sellers.md "Catalog"): products, their changes, the import. */
export const sellerCatalogMessages = defineMessages(
  {
    errors: {
      productNotFound: 'No such product among yours.',
    },
    title: 'Products',
    intro:
      'New products, and changes to names, descriptions, photos and prices, are shown once our team approves them. Stock changes apply at once.',
    add: 'Add a product',
    import: 'Import from CSV',
    edit: 'Edit',
    editTitle: 'Edit {name}',
    newTitle: 'Add a product',
    importTitle: 'Import your products from CSV',
    importIntro:
      'The same columns as the shop’s catalog file; the seller column may be left out. Rows naming another seller’s product are refused.',
    columns: { sku: 'SKU', name: 'Name', price: 'Price', stock: 'Stock', state: 'State', actions: 'Actions' },
    states: {
      live: 'In the shop',
      hidden: 'Hidden',
      waiting: 'Waiting for review',
      changeWaiting: 'Changes waiting for review',
      rejected: 'Rejected: {reason}',
    },
    empty: 'You have no products yet.',
    saved: 'Saved. Changes to names, descriptions, photos and prices wait for review.',
    savedTrusted: 'Saved.',
    created: 'Product added. It is shown in the shop once approved.',
    changes: 'Your changes',
    changeStates: { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected', withdrawn: 'Withdrawn' },
    reason: 'Reason:',
  },
  {
    errors: {
      productNotFound: 'لا يوجد هذا المنتج بين منتجاتك.',
    },
    title: 'المنتجات',
    intro:
      'تظهر المنتجات الجديدة وتعديلات الأسماء والأوصاف والصور والأسعار بعد أن يقبلها فريقنا. أما تعديلات المخزون فتُطبَّق فورًا.',
    add: 'إضافة منتج',
    import: 'استيراد من ملف CSV',
    edit: 'تعديل',
    editTitle: 'تعديل {name}',
    newTitle: 'إضافة منتج',
    importTitle: 'استيراد منتجاتك من ملف CSV',
    importIntro: 'الأعمدة نفسها التي في ملف كتالوج المتجر، ويمكن ترك عمود البائع. تُرفض الصفوف التي تذكر منتج بائع آخر.',
    columns: { sku: 'كود المنتج', name: 'الاسم', price: 'السعر', stock: 'المخزون', state: 'الحالة', actions: 'الإجراءات' },
    states: {
      live: 'معروض في المتجر',
      hidden: 'مخفي',
      waiting: 'بانتظار المراجعة',
      changeWaiting: 'تعديلات بانتظار المراجعة',
      rejected: 'مرفوض: {reason}',
    },
    empty: 'لا توجد لديك منتجات بعد.',
    saved: 'تم الحفظ. تنتظر تعديلات الأسماء والأوصاف والصور والأسعار المراجعة.',
    savedTrusted: 'تم الحفظ.',
    created: 'أُضيف المنتج. يظهر في المتجر بعد قبوله.',
    changes: 'تعديلاتك',
    changeStates: { pending: 'بانتظار المراجعة', approved: 'مقبول', rejected: 'مرفوض', withdrawn: 'مسحوب' },
    reason: 'السبب:',
  },
);
