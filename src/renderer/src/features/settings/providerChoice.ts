// The answer-provider form: what each choice needs, and whether answers leave the machine.
import { isLoopbackUrl } from '../../../../shared/loopbackUrl';
import type { AnswerProviderChoice } from '../../../../shared/model/settings';

export type ProviderKind = AnswerProviderChoice['kind'];

export interface ProviderFields {
  kind: ProviderKind;
  model: string;
  baseUrl: string;
  modelPath: string;
}

export function fieldsOf(choice: AnswerProviderChoice): ProviderFields {
  return {
    kind: choice.kind,
    model: 'model' in choice ? choice.model : '',
    baseUrl: 'baseUrl' in choice ? (choice.baseUrl ?? '') : '',
    modelPath: 'modelPath' in choice ? choice.modelPath : '',
  };
}

export function choiceOf(fields: ProviderFields): AnswerProviderChoice {
  switch (fields.kind) {
    case 'extractive':
      return { kind: 'extractive' };
    case 'ollama':
      return fields.baseUrl.trim()
        ? { kind: 'ollama', model: fields.model.trim(), baseUrl: fields.baseUrl.trim() }
        : { kind: 'ollama', model: fields.model.trim() };
    case 'openai':
      return { kind: 'openai', model: fields.model.trim(), baseUrl: fields.baseUrl.trim() };
    case 'local':
      return { kind: 'local', modelPath: fields.modelPath.trim() };
  }
}

/** True when questions and mail excerpts would be sent to another machine. */
export function leavesMachine(choice: AnswerProviderChoice): boolean {
  if (choice.kind === 'openai') return !isLoopbackUrl(choice.baseUrl);
  if (choice.kind === 'ollama') return choice.baseUrl !== undefined && choice.baseUrl !== '' && !isLoopbackUrl(choice.baseUrl);
  return false;
}
