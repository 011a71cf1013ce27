/**
 * Egypt's 27 governorates with the delivery terms we quote (spec: delivery in 1 to 3 days at most).
 * Fees are integer piastres. Reference data: written by a migration, editable in the database afterwards.
 */
export interface GovernorateSeed {
  code: string;
  name_en: string;
  name_ar: string;
  delivery_fee: number;
  delivery_days: 1 | 2 | 3;
}

const greaterCairo = { delivery_fee: 5000, delivery_days: 1 } as const;
const deltaAndCanal = { delivery_fee: 6500, delivery_days: 2 } as const;
const upperAndRemote = { delivery_fee: 8500, delivery_days: 3 } as const;

export const governorates: GovernorateSeed[] = [
  { code: 'C', name_en: 'Cairo', name_ar: 'القاهرة', ...greaterCairo },
  { code: 'GZ', name_en: 'Giza', name_ar: 'الجيزة', ...greaterCairo },
  { code: 'KB', name_en: 'Qalyubia', name_ar: 'القليوبية', ...greaterCairo },
  { code: 'ALX', name_en: 'Alexandria', name_ar: 'الإسكندرية', ...deltaAndCanal },
  { code: 'DK', name_en: 'Dakahlia', name_ar: 'الدقهلية', ...deltaAndCanal },
  { code: 'SHR', name_en: 'Sharqia', name_ar: 'الشرقية', ...deltaAndCanal },
  { code: 'GH', name_en: 'Gharbia', name_ar: 'الغربية', ...deltaAndCanal },
  { code: 'MNF', name_en: 'Monufia', name_ar: 'المنوفية', ...deltaAndCanal },
  { code: 'BH', name_en: 'Beheira', name_ar: 'البحيرة', ...deltaAndCanal },
  { code: 'KFS', name_en: 'Kafr El Sheikh', name_ar: 'كفر الشيخ', ...deltaAndCanal },
  { code: 'DT', name_en: 'Damietta', name_ar: 'دمياط', ...deltaAndCanal },
  { code: 'PTS', name_en: 'Port Said', name_ar: 'بورسعيد', ...deltaAndCanal },
  { code: 'IS', name_en: 'Ismailia', name_ar: 'الإسماعيلية', ...deltaAndCanal },
  { code: 'SUZ', name_en: 'Suez', name_ar: 'السويس', ...deltaAndCanal },
  { code: 'FYM', name_en: 'Faiyum', name_ar: 'الفيوم', ...deltaAndCanal },
  { code: 'BNS', name_en: 'Beni Suef', name_ar: 'بني سويف', ...deltaAndCanal },
  { code: 'MN', name_en: 'Minya', name_ar: 'المنيا', ...upperAndRemote },
  { code: 'AST', name_en: 'Asyut', name_ar: 'أسيوط', ...upperAndRemote },
  { code: 'SHG', name_en: 'Sohag', name_ar: 'سوهاج', ...upperAndRemote },
  { code: 'KN', name_en: 'Qena', name_ar: 'قنا', ...upperAndRemote },
  { code: 'LX', name_en: 'Luxor', name_ar: 'الأقصر', ...upperAndRemote },
  { code: 'ASN', name_en: 'Aswan', name_ar: 'أسوان', ...upperAndRemote },
  { code: 'BA', name_en: 'Red Sea', name_ar: 'البحر الأحمر', ...upperAndRemote },
  { code: 'WAD', name_en: 'New Valley', name_ar: 'الوادي الجديد', ...upperAndRemote },
  { code: 'MT', name_en: 'Matrouh', name_ar: 'مطروح', ...upperAndRemote },
  { code: 'SIN', name_en: 'North Sinai', name_ar: 'شمال سيناء', ...upperAndRemote },
  { code: 'JS', name_en: 'South Sinai', name_ar: 'جنوب سيناء', ...upperAndRemote },
];
