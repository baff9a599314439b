import { REPORT_MAX_DAYS } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

export const ReportErrors = {
  endBeforeStart: () => new AppError(400, 'REPORT_RANGE_INVALID', 'The end date must be the same as or after the start date'),
  tooLong: () => new AppError(400, 'REPORT_RANGE_INVALID', `Choose a range of ${REPORT_MAX_DAYS} days or fewer`),
};
