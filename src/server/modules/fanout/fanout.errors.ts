import { AppError } from '../../errors';

export const fanoutErrors = {
  notFound: () => new AppError(404, 'SEND_NOT_FOUND', 'عملية الإرسال غير موجودة'),
  notRunning: () => new AppError(409, 'SEND_NOT_RUNNING', 'انتهت عملية الإرسال هذه أو أُوقفت من قبل'),
  unknownChannel: () => new AppError(400, 'UNKNOWN_CHANNEL', 'قناة الإرسال هذه غير متاحة'),
  noPreview: () => new AppError(404, 'SEND_NOT_FOUND', 'لا توجد نسخة محفوظة من هذه الرسالة'),
};
