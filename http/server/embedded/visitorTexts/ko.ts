/** 한국어 (해요체; "로그인", "기기", "승인" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const ko: VisitorTexts = {
  mail: {
    code: { subject: "로그인 코드 안내", intro: "로그인 코드는 다음과 같아요:" },
    device: {
      subject: "새 기기에서의 로그인을 승인해 주세요",
      intro: "누군가 이 주소로 새 기기에서 로그인하려고 해요. 본인이라면 이 링크를 열어 기기를 승인하세요:",
      outro: "기기가 승인되면 로그인 코드를 보내 드려요. 링크는 10분 동안 유효해요. 본인이 아니라면 이 메일을 무시하세요."
    },
    updateCurrent: { subject: "이메일 변경 확인", intro: "로그인 주소를 {email}(으)로 바꾸려면 이 코드를 입력하세요:" },
    updateNew: { subject: "새 이메일 주소 확인", intro: "이 주소를 로그인 주소로 사용하려면 이 코드를 입력하세요:" },
    codeValidity: "코드는 10분 동안 유효해요. 요청한 적이 없다면 이 메일을 무시하세요."
  },
  approval: {
    confirm: {
      title: "이 기기를 승인할까요?",
      body: "누군가 이 주소로 새 기기에서 로그인하려고 해요. 본인이라면 기기를 승인하고, 아니라면 이 페이지를 닫으세요."
    },
    approved: { title: "기기 승인 완료", body: "이 기기가 승인되었어요. 사이트로 돌아가세요. 로그인 코드를 보내고 있어요." },
    gone: { title: "더 이상 유효하지 않은 링크", body: "이 링크는 만료되었거나 이미 사용되었어요. 로그인을 다시 시작하세요." },
    mailFailed: { title: "다시 시도해 주세요", body: "로그인 코드를 보내지 못했어요. 잠시 후 이 링크를 다시 열어 주세요." },
    forbidden: { title: "승인되지 않음", body: "이 링크로 열리는 페이지의 버튼으로 기기를 승인하세요." },
    button: "이 기기 승인"
  },
  socialDone: {
    signedIn: { title: "로그인 완료", body: "로그인은 시작한 창에서 완료돼요. 이 창은 닫아도 돼요." },
    failed: { title: "로그인 미완료", body: "로그인을 완료하지 못했어요. 이 창을 닫고 다시 시도하세요." }
  }
}
