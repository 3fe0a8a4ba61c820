// The pieces of axios the two clients use, taken from axios's own modules (its `unsafe/*`
// export: the same files `axios` is made of) rather than from the package's entry. The entry
// (axios/lib/axios.js) builds the `axios` namespace: every helper hung on it (CancelToken,
// HttpStatusCode, toFormData, formToJSON, spread, all, mergeConfig...) is a property write the
// bundler must keep, about 1 KB gzip of the first screen that no client reads (issue 26: the
// hydration code took the first screen over its budget). `createAxios` is what `axios.create`
// does (a new Axios over axios's defaults merged with the instance's config) minus the callable
// function wrapper the clients never call; `request` and `interceptors` are Axios's own.
import Axios from 'axios/unsafe/core/Axios.js';
import mergeConfig from 'axios/unsafe/core/mergeConfig.js';
import defaults from 'axios/unsafe/defaults/index.js';
import type { Axios as AxiosInstance, CreateAxiosDefaults } from 'axios';

export { default as AxiosError } from 'axios/unsafe/core/AxiosError.js';
export { default as AxiosHeaders } from 'axios/unsafe/core/AxiosHeaders.js';
export { default as CanceledError } from 'axios/unsafe/cancel/CanceledError.js';
export { default as isCancel } from 'axios/unsafe/cancel/isCancel.js';

export function createAxios(config: CreateAxiosDefaults): AxiosInstance {
  return new Axios(mergeConfig(defaults, config));
}
