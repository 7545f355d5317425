import type {
  CheckEmailResponse,
  CompleteLaunchProfileRequest,
  CompleteLaunchProfileResponse,
  SendCodeResponse,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  Toast,
  VerifyCodeResponse,
} from '@rebound/contract/auth';
import { API } from '@rebound/contract/routes';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendJson } from '../../lib/api-client';

// The account endpoints. Each answers with its toast text; failures arrive as
// ApiError carrying the server's message, which the forms show under their own titles.

export function useCheckEmail() {
  return useMutation({
    mutationFn: (email: string) => sendJson<CheckEmailResponse>('POST', API.authCheckEmail, { email }),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpRequest) =>
      sendJson<z.infer<typeof SignUpResponse>>('POST', API.authSignUp, body),
  });
}

export function useCompleteLaunchProfile() {
  return useMutation({
    mutationFn: (body: CompleteLaunchProfileRequest) =>
      sendJson<z.infer<typeof CompleteLaunchProfileResponse>>('POST', API.authCompleteLaunchProfile, body),
  });
}

export function useSignIn() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      sendJson<z.infer<typeof SignInResponse>>('POST', API.authSignIn, body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => sendJson<Toast>('POST', API.authForgotPassword, { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirmPassword: string }) =>
      sendJson<Toast>('POST', API.authResetPassword, body),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => sendJson<Toast>('POST', API.authResendConfirmation, { email }),
  });
}

export function useSendCode() {
  return useMutation({
    mutationFn: (phone: string) =>
      sendJson<z.infer<typeof SendCodeResponse>>('POST', API.authPhoneSendCode, { phone }),
  });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) =>
      sendJson<z.infer<typeof VerifyCodeResponse>>('POST', API.authPhoneVerify, body),
  });
}
