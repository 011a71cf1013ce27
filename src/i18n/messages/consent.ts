import { defineMessages } from './define.ts';

/** The consent banner (Egypt's Personal Data Protection Law 151/2020): nothing is measured before a yes. */
export const consentMessages = defineMessages(
  {
    title: 'Cookies and measurement',
    text: 'With your permission we use Google Tag Manager to measure visits and improve the shop. Nothing is measured unless you accept; you can change your choice at any time from the footer.',
    privacy: 'Privacy policy',
    accept: 'Accept',
    reject: 'Reject',
    settings: 'Cookie settings',
  },
  {
    title: 'ملفات تعريف الارتباط والقياس',
    text: 'بموافقتك نستخدم Google Tag Manager لقياس الزيارات وتحسين المتجر. لا نقيس شيئًا إلا إذا وافقت، ويمكنك تغيير اختيارك في أي وقت من أسفل الصفحة.',
    privacy: 'سياسة الخصوصية',
    accept: 'موافق',
    reject: 'رفض',
    settings: 'إعدادات ملفات تعريف الارتباط',
  },
);
