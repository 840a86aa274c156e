/** 한국어: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const ko: PanelTable = {
  loading: "불러오는 중…",
  ended: "이 요청은 더 이상 응답을 기다리지 않아요.",
  sessionExpired: "세션 만료: 다시 로그인하세요.",
  failed: "문제가 발생했어요. 다시 시도하세요.",
  approve: {
    titles: {
      personal_sign: "메시지 서명",
      eth_signTypedData_v4: "구조화된 데이터 서명",
      eth_sendTransaction: "트랜잭션 보내기",
      wallet_sendCalls: "호출 보내기",
      solana_signMessage: "메시지 서명",
      solana_signTransaction: "트랜잭션 서명",
      solana_signAllTransactions: "트랜잭션 일괄 서명",
      solana_signAndSendTransaction: "트랜잭션 보내기"
    },
    fallbackTitle: "요청 승인",
    network: "네트워크",
    from: "보내는 주소",
    to: "받는 주소",
    contractCreation: "새 컨트랙트",
    value: "금액",
    call: "호출",
    data: "데이터",
    message: "메시지",
    typedDataType: "유형",
    domain: "도메인",
    programs: "프로그램",
    transaction: "트랜잭션 {index}/{count}",
    fee: "네트워크 수수료(최대)",
    approve: "승인",
    reject: "거부",
    approved: "승인됨",
    rejected: "거부됨"
  },
  setup: {
    title: "지갑 보호하기",
    intro: "이 브라우저가 지갑을 잊어도 패스키나 복구 코드로 되찾을 수 있어요.",
    passkey: "패스키 만들기",
    useCode: "대신 복구 코드 사용",
    codeIntro: "이 복구 코드를 적어서 안전한 곳에 보관하세요. 한 번만 표시돼요.",
    saved: "복구 코드를 보관했어요",
    finish: "내 지갑 만들기",
    passkeyUnavailable: "이 패스키로는 지갑을 보호할 수 없어요. 대신 복구 코드를 사용하세요.",
    passkeyCancelled: "패스키가 만들어지지 않았어요. 다시 시도하거나 복구 코드를 사용하세요.",
    done: "지갑이 준비되었어요."
  },
  recover: {
    title: "지갑 복구하기",
    introPasskey: "이 브라우저는 아직 내 지갑을 몰라요. 패스키로 여세요.",
    introCode: "이 브라우저는 아직 내 지갑을 몰라요. 복구 코드를 입력해 여세요.",
    passkey: "내 패스키 사용",
    codeLabel: "복구 코드",
    submit: "복구",
    invalidCode: "복구 코드가 아니에요. 오타가 없는지 확인하세요.",
    wrongFactor: "이 코드로는 지갑을 열 수 없어요.",
    passkeyCancelled: "패스키를 사용하지 않았어요. 다시 시도하세요.",
    done: "지갑이 열렸어요."
  },
  export: {
    title: "키 내보내기",
    warning: "이 정보를 본 사람은 누구든 지갑의 모든 자산을 가져갈 수 있어요. 절대 공유하지 말고, 아무도 보지 않는 곳에서만 표시하세요.",
    show: "내 키 보기",
    cancel: "취소",
    phrase: "복구 구문",
    evmKey: "EVM 개인 키",
    solanaKey: "Solana 개인 키",
    copy: "복사",
    copied: "복사됨",
    copyFailed: "여기서는 복사할 수 없어요. 대신 텍스트를 선택하세요.",
    done: "완료"
  }
}

export default ko
